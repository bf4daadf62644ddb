// What each verdict means, in words an arbiter reads at a glance: a one-line gloss
// per reason and edition, and the article numbers of every edition side by side
// (the editions renumbered: 2001/2009 "5.1(a)", 2014 "5.1a", 2018/2023 "5.1.1").
// Written from docs/fide-rules.md (shared); the verdict itself carries the article
// of the chosen edition, these tables only explain it.

export const EDITIONS = ['fide-2023', 'fide-2018', 'fide-2014', 'fide-2009', 'fide-2001'];

// Article per reason and edition, as src/rules/edition.cpp numbers them; "a/b"
// where the edition has two (a claim with or without an announced move; the
// illegal-move rule of standard play / of blitz without adequate supervision).
export const NUMBERING = {
  'checkmate': ['5.1.1', '5.1.1', '5.1a', '5.1(a)', '5.1(a)'],
  'resignation': ['5.1.2', '5.1.2', '5.1b', '5.1(b)', '5.1(b)'],
  'stalemate': ['5.2.1', '5.2.1', '5.2a', '5.2(a)', '5.2(a)'],
  'dead-position': ['5.2.2', '5.2.2', '9.7', '9.6', '9.6'],
  'agreement': ['5.2.3', '5.2.3', '5.2c', '5.2(c)', '5.2(c)'],
  'threefold-claim': ['9.2.1/9.2.2', '9.2.1.1/9.2.1.2', '9.2a/9.2b', '9.2(a)/9.2(b)', '9.2(a)/9.2(b)'],
  'fifty-moves-claim': ['9.3.1/9.3.2', '9.3.1/9.3.2', '9.3a/9.3b', '9.3(a)/9.3(b)', '9.3(a)/9.3(b)'],
  'fivefold-repetition': ['9.6.1', '9.6.1', '9.6a', null, null],
  'seventyfive-moves': ['9.6.2', '9.6.2', '9.6b', null, null],
  'time-forfeit': ['6.9', '6.9', '6.9', '6.9', '6.10'],
  'illegal-move': ['7.5.5', '7.5.5', '7.5b/A.4b', '7.4(b)/Appendix B', '7.4(b)/C3'],
};

const cannotMate = 'unless the opponent cannot mate by any series of legal moves, then a draw';

// One line per reason; a function where the editions differ in substance.
const GLOSSES = {
  'none': () => 'No ending found: the moves end no game and the record names no event the judge can infer.',
  'checkmate': () => 'Checkmate: the player who mates wins; the game ends at once.',
  'stalemate': () => 'Stalemate: the player to move has no legal move and is not in check; drawn at once.',
  'dead-position': (e) => e === 'fide-2001'
    ? 'Dead position: no mate is possible even with the most unskilled play; drawn at once.'
    : 'Dead position: no series of legal moves can lead to mate; drawn at once.',
  'fivefold-repetition': (e) => e === 'fide-2014'
    ? 'Fivefold repetition: the same position five times ("five consecutive alternate moves"); drawn without a claim.'
    : 'Fivefold repetition: the same position appeared five times; drawn without a claim.',
  'seventyfive-moves': () =>
    'Seventy-five moves by each player without a pawn move or capture; drawn without a claim (a mate on the last move wins).',
  'threefold-claim': () =>
    'Threefold repetition: the player to move claimed a position that has appeared, or will after the announced move, three times.',
  'fifty-moves-claim': () =>
    'Fifty moves by each player without a pawn move or capture; the player to move claimed the draw.',
  'time-forfeit': (e) => e === 'fide-2001'
    ? 'Flag fall: the player out of time loses, unless the opponent cannot mate even with the most unskilled counterplay, then a draw.'
    : `Flag fall: the player out of time loses, ${cannotMate}.`,
  'illegal-move': (e) => (e === 'fide-2009' || e === 'fide-2001')
    ? `Illegal moves: the third completed illegal move of a player loses${e === 'fide-2009' ? `, ${cannotMate}` : ''} (blitz: the first).`
    : `Illegal moves: the second completed illegal move of a player loses, ${cannotMate}.`,
  'resignation': (e) => e === 'fide-2023'
    ? `Resignation: the player who resigns loses, ${cannotMate}.`
    : 'Resignation: the player who resigns loses.',
  'agreement': (e) => (e === 'fide-2023' || e === 'fide-2018')
    ? 'Draw by agreement, allowed once both players have made a move.'
    : 'Draw by agreement.',
};

export const REASON_LABELS = {
  'none': 'no ending',
  'checkmate': 'checkmate',
  'stalemate': 'stalemate',
  'dead-position': 'dead position',
  'fivefold-repetition': 'fivefold repetition',
  'seventyfive-moves': '75-move rule',
  'threefold-claim': 'threefold claim',
  'fifty-moves-claim': '50-move claim',
  'time-forfeit': 'flag fall',
  'illegal-move': 'illegal move',
  'resignation': 'resignation',
  'agreement': 'agreement',
};

export const CLAIM_LABELS = { 'threefold': 'threefold repetition (9.2)', 'fifty-moves': 'fifty-move rule (9.3)' };

export const INFERRED_LABELS = {
  'none': null,
  'time-forfeit': 'inferred from the Termination tag "Time forfeit": the player to move at the end lost on time',
  'resignation': 'inferred: a decisive result without a game-ending move means the loser resigned',
  'agreement': 'inferred: a drawn result without a game-ending move means a claim or an agreement',
  'claim': 'inferred: the player to move claimed a draw that was correct at the end',
};

export function gloss(reason, edition) {
  const g = GLOSSES[reason];
  return g ? g(edition) : reason;
}

// "2023/2018: 5.2.2 · 2014: 9.7 · 2009/2001: 9.6": the same rule in every edition.
export function numberingAcrossEditions(reason) {
  const numbers = NUMBERING[reason];
  if (!numbers) return '';
  const groups = [];
  EDITIONS.forEach((edition, i) => {
    const label = numbers[i] ?? 'none';
    const year = edition.slice(5);
    const last = groups[groups.length - 1];
    if (last && last.label === label) last.years.push(year);
    else groups.push({ label, years: [year] });
  });
  return groups.map((g) => `${g.years.join('/')}: ${g.label}`).join(' · ');
}
