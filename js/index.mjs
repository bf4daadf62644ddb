// Arbiter in JavaScript: the FIDE Laws adjudicator and the UCI engine, compiled
// to WebAssembly (dist/arbiter.mjs + dist/arbiter.wasm, built by
// scripts/lib/wasm-build.sh). This file turns the raw embind classes into the
// documented API (docs/javascript.md, index.d.ts): options objects, verdicts as
// plain objects (exactly the JSON of `arbiter adjudicate --format json`), and
// Errors thrown for input that is rejected (nothing changes then).
import createArbiterModule from './dist/arbiter.mjs';

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';

let modulePromise = null;

// Compiles the .wasm at `url` as the module's instance: streaming where the
// server sends application/wasm, from the bytes otherwise. Emscripten 3.1.6's
// own loader has no fallback inside a module Worker (it recognises only
// classic workers), hence this hook.
function instantiateFrom(url, failed) {
  return (imports, receive) => {
    (async () => {
      let result;
      try {
        result = await WebAssembly.instantiateStreaming(fetch(url), imports);
      } catch {
        const response = await fetch(url);
        if (!response.ok) throw new Error(`cannot load ${url}: HTTP ${response.status}`);
        result = await WebAssembly.instantiate(await response.arrayBuffer(), imports);
      }
      receive(result.instance, result.module);
    })().catch(failed);
    return {};  // the exports come later, through receive
  };
}

// The module's options: where its .wasm is. Under Node the bytes are read here
// (the module is built for the web's loader, see bindings/wasm/CMakeLists.txt).
async function moduleOptions(options, failed) {
  if (options.wasmBinary) return { wasmBinary: options.wasmBinary };
  if (isNode && !options.wasmUrl) {
    const { readFile } = await import('node:fs/promises');
    return { wasmBinary: await readFile(new URL('./dist/arbiter.wasm', import.meta.url)) };
  }
  const url = String(options.wasmUrl ?? new URL('./dist/arbiter.wasm', import.meta.url));
  return { instantiateWasm: instantiateFrom(url, failed) };
}

// Options of adjudicate, createAdjudicator and Game, in the command line's names.
function judgeOptions(options = {}) {
  const text = (name) => (options[name] === undefined ? '' : String(options[name]));
  return { rules: text('rules'), mode: text('mode'), inferEvents: options.inferEvents !== false };
}

function checkOptions(raw, options) {
  const { rules, mode } = judgeOptions(options);
  const error = raw.optionsError(rules, mode);
  if (error) throw new Error(error);
}

function parseLines(text) {
  const verdicts = [];
  for (const line of text.split('\n')) if (line) verdicts.push(JSON.parse(line));
  return verdicts;
}

function checkSide(side) {
  if (side !== 'white' && side !== 'black')
    throw new Error(`side must be 'white' or 'black', not '${side}'`);
  return side;
}

function makeApi(raw) {
  function createAdjudicator(options = {}) {
    checkOptions(raw, options);
    const { rules, mode, inferEvents } = judgeOptions(options);
    const source = options.source === undefined ? '' : String(options.source);
    let native = new raw.StreamAdjudicator(rules, mode, inferEvents, source, Boolean(options.withMoves));
    const alive = () => {
      if (!native) throw new Error('this adjudicator has been deleted');
      return native;
    };
    return {
      push(chunk) {
        return parseLines(alive().push(String(chunk)));
      },
      finish() {
        return parseLines(alive().finish());
      },
      summary() {
        return JSON.parse(alive().summaryJson()).summary;
      },
      delete() {
        if (native) native.delete();
        native = null;
      },
    };
  }

  function adjudicate(pgnText, options = {}) {
    const a = createAdjudicator(options);
    try {
      return [...a.push(String(pgnText)), ...a.finish()];
    } finally {
      a.delete();
    }
  }

  class Game {
    #native;
    #chess960;

    constructor({ fen, chess960 = false, rules, mode } = {}) {
      checkOptions(raw, { rules, mode });
      const native = new raw.GameBinding(fen === undefined ? '' : String(fen), Boolean(chess960),
                                         rules === undefined ? '' : String(rules),
                                         mode === undefined ? '' : String(mode));
      const error = native.error();
      if (error) {
        native.delete();
        throw new Error(error);
      }
      this.#native = native;
      this.#chess960 = Boolean(chess960);
    }

    #game() {
      if (!this.#native) throw new Error('this game has been deleted');
      return this.#native;
    }

    #applied(error) {
      if (error) throw new Error(error);
      return this;
    }

    get chess960() {
      return this.#chess960;
    }
    pushSan(san) {
      return this.#applied(this.#game().pushSan(String(san)));
    }
    pushUci(uci) {
      return this.#applied(this.#game().pushUci(String(uci)));
    }
    fen() {
      return this.#game().fen();
    }
    legalMoves() {
      const moves = this.#game().legalMoves();
      return moves ? moves.split(' ') : [];
    }
    get ply() {
      return this.#game().ply();
    }
    get turn() {
      return this.#game().turn();
    }
    outcome() {
      return JSON.parse(this.#game().outcome());
    }
    flag(side) {
      return JSON.parse(this.#game().flag(checkSide(side)));
    }
    resign(side) {
      return JSON.parse(this.#game().resign(checkSide(side)));
    }
    // A 9.2/9.3 claim by the side to move, with a move announced (SAN or UCI) or not.
    claimDraw(announcedMove) {
      const answer = this.#game().claimDraw(announcedMove === undefined ? '' : String(announcedMove));
      if (answer.startsWith('error:')) throw new Error(answer.slice('error:'.length));
      return JSON.parse(answer);
    }
    isDeadPosition() {
      return this.#game().isDeadPosition();
    }
    canCheckmate(side) {
      return this.#game().canCheckmate(checkSide(side));
    }
    delete() {
      if (this.#native) this.#native.delete();
      this.#native = null;
    }
  }

  // A UCI engine on the calling thread: every line of output reaches onLine
  // before send() returns (a search included: run it in a Worker, see
  // engine-worker.mjs, to keep a page responsive).
  function createEngine(onLine) {
    if (typeof onLine !== 'function') throw new Error('createEngine needs a function for its output lines');
    let native = new raw.EngineBinding((line) => onLine(line));
    return {
      send(command) {
        if (!native) throw new Error('this engine has been deleted');
        const text = String(command);
        if (/[\r\n]/.test(text.replace(/[\r\n]+$/, '')))
          throw new Error('send one UCI command at a time (no line breaks inside)');
        return native.send(text);
      },
      delete() {
        if (native) native.delete();
        native = null;
      },
    };
  }

  return {
    version: raw.versionReport().trimEnd(),
    engineName: raw.engineName(),
    adjudicate,
    createAdjudicator,
    Game,
    createEngine,
  };
}

// Loads and compiles the WebAssembly module once; later calls get the same API.
// options: { wasmUrl } where a browser is to fetch arbiter.wasm from (default:
// beside dist/arbiter.mjs), or { wasmBinary } with its bytes.
export function loadArbiter(options = {}) {
  if (!modulePromise) {
    let failed;
    const failure = new Promise((_, reject) => (failed = reject));
    modulePromise = moduleOptions(options, failed)
      .then((moduleArgs) => Promise.race([createArbiterModule(moduleArgs), failure]))
      .then(makeApi)
      .catch((error) => {
        modulePromise = null;  // a failed load may be retried (another wasmUrl, say)
        throw error;
      });
  }
  return modulePromise;
}

export default loadArbiter;
