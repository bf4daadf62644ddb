// Types of the arbiter-chess package (index.mjs). Field by field, a Verdict is
// the JSON object `arbiter adjudicate --format json` prints for one game.

export type Rules = 'fide-2023' | 'fide-2018' | 'fide-2014' | 'fide-2009' | 'fide-2001';
export type Side = 'white' | 'black';

export interface AdjudicateOptions {
  /** The edition of the Laws (default fide-2023). */
  rules?: Rules;
  /** strict: only claims made count (default); proxy-claim: claimed at the first chance (--mode). */
  mode?: 'strict' | 'proxy-claim';
  /** true: the closing event the record implies (default); false: the moves alone. */
  inferEvents?: boolean;
  /** The "source" of every verdict (the command line prints the file name). */
  source?: string;
  /** Add startFen and moves (SAN of the main line) to every verdict. */
  withMoves?: boolean;
}

export interface Claim {
  type: string;
  ply: number;
  side: Side;
  move: string | null;
}

export interface Penalty {
  type: 'illegal-move' | 'incorrect-claim';
  ply: number;
  side: Side;
  opponent_bonus_seconds: number;
  offender_cut_max_seconds: number;
  article: string;
}

export interface Verdict {
  /** PGN input only: the game's number (1-based), source, first line, tags and plies. */
  game?: number;
  source?: string;
  line?: number;
  white?: string;
  black?: string;
  plies?: number;
  /** The event read into the record after its last move. */
  inferred?: 'none' | 'time-forfeit' | 'resignation' | 'agreement' | 'claim';
  result: '1-0' | '0-1' | '1/2-1/2' | '*';
  reason: string;
  article: string | null;
  ply: number;
  move: string | null;
  rules: Rules;
  claims: Claim[];
  penalties: Penalty[];
  recorded?: string | null;
  agrees?: boolean | null;
  undecided?: boolean;
  ambiguous?: boolean;
  error?: string | null;
  /** withMoves only. */
  startFen?: string;
  moves?: string[];
  [field: string]: unknown;
}

/** The command line's summary object ({"summary": {...}} without its wrapper). */
export interface Summary {
  games: number;
  judged: number;
  errors: number;
  agreements: number;
  disagreements: number;
  unrecorded: number;
  undecided: number;
  /** Counts by result ("1-0", "0-1", "1/2-1/2", "*"). */
  results: Record<string, number>;
  /** Counts by reason ("checkmate", "time-forfeit", ...). */
  reasons: Record<string, number>;
  /** Counts by inferred event ("none", "time-forfeit", "resignation", "agreement", "claim"). */
  inferred: Record<string, number>;
  time_forfeits: { recorded: number; wins: number; draws: number; ended_before: number };
  files: number;
  unreadable_files: number;
  [field: string]: unknown;
}

export interface Adjudicator {
  /** The verdicts of the games this chunk of PGN text completed. */
  push(chunk: string): Verdict[];
  /** The verdicts of the rest; then summary() holds the whole run. */
  finish(): Verdict[];
  summary(): Summary;
  /** Frees the WebAssembly memory it holds. */
  delete(): void;
}

export interface GameOptions {
  /** The start position; default the initial array. */
  fen?: string;
  /** Read the FEN's castling rights and UCI castling as Chess960. */
  chess960?: boolean;
  rules?: Rules;
  mode?: 'strict' | 'proxy-claim';
}

export declare class Game {
  /** Throws an Error for a FEN or option that cannot be read. */
  constructor(options?: GameOptions);
  readonly ply: number;
  readonly turn: Side;
  readonly chess960: boolean;
  /** Both throw an Error, and change nothing, for a move that is not legal or after the end. */
  pushSan(san: string): this;
  pushUci(uci: string): this;
  fen(): string;
  /** The legal moves in UCI notation. */
  legalMoves(): string[];
  outcome(): Verdict;
  /** The flag of `side` fell (6.9): the verdict after it. */
  flag(side: Side): Verdict;
  resign(side: Side): Verdict;
  /** A 9.2/9.3 draw claim by the side to move, optionally announcing a move (SAN or UCI). */
  claimDraw(announcedMove?: string): Verdict;
  /** 5.2.2: no sequence of legal moves can end in mate for either side. */
  isDeadPosition(): boolean;
  /** Whether `side` could still mate by some sequence of legal moves. */
  canCheckmate(side: Side): boolean;
  delete(): void;
}

export interface Engine {
  /** One UCI command; its output lines (a search's too) reach the callback before it returns. False after quit. */
  send(command: string): boolean;
  delete(): void;
}

export interface Arbiter {
  /** What `arbiter --version` prints: version, commit, compiler, target, back ends, net. */
  readonly version: string;
  /** The UCI id name. */
  readonly engineName: string;
  adjudicate(pgnText: string, options?: AdjudicateOptions): Verdict[];
  createAdjudicator(options?: AdjudicateOptions): Adjudicator;
  Game: typeof Game;
  createEngine(onLine: (line: string) => void): Engine;
}

export interface LoadOptions {
  /** Where a browser fetches arbiter.wasm (default: beside dist/arbiter.mjs). */
  wasmUrl?: string | URL;
  /** The bytes of arbiter.wasm, already read. */
  wasmBinary?: ArrayBuffer | Uint8Array;
}

/** Loads the WebAssembly module once; later calls return the same Arbiter. */
export declare function loadArbiter(options?: LoadOptions): Promise<Arbiter>;
export default loadArbiter;
