// The intents the view sends to Python (BoardWidget.intent, Session.handle), one `@typedef
// {object}` per shape. Places are in board numbering, as in the state (see state.js). Every intent
// may carry the `revision` of the state it was made on: Python refuses a stale one.

/** @typedef {import("./state.js").Place} Place */

/**
 * An intent that is its type alone.
 * @typedef {object} SimpleIntent
 * @property {"roll" | "undo" | "done" | "double" | "take" | "pass" | "beaver" | "raccoon" | "accept" | "decline" | "new-game" | "claim" | "hint" | "hint-rollout" | "hint-rollout-cancel" | "edit" | "edit-done" | "edit-cancel" | "review-cancel" | "review-leave" | "replay" | "replay-play" | "tutor-accept" | "tutor-take-back"} type
 * @property {number} [revision]
 */

/**
 * Move the checker on `from` to `to`, by the die `die` when given.
 * @typedef {object} MoveIntent
 * @property {"move"} type
 * @property {Place} from
 * @property {Place} to
 * @property {number} [die]
 * @property {number} [revision]
 */

/**
 * Teaching: why the checker on `from` cannot move.
 * @typedef {object} WhyIntent
 * @property {"why"} type
 * @property {Place} from
 * @property {number} [revision]
 */

/**
 * Play a whole roll, written in notation.
 * @typedef {object} PlayIntent
 * @property {"play"} type
 * @property {string} notation
 * @property {number} [revision]
 */

/**
 * Resign a single game (1), a gammon (2) or a backgammon (3).
 * @typedef {object} ResignIntent
 * @property {"resign"} type
 * @property {number} [points]
 * @property {number} [revision]
 */

/**
 * Set-up: move a checker of `seat` from `from` to `to`.
 * @typedef {object} EditMoveIntent
 * @property {"edit-move"} type
 * @property {number} seat
 * @property {Place} from
 * @property {Place} to
 * @property {number} [revision]
 */

/**
 * Set-up: the side on roll.
 * @typedef {object} EditTurnIntent
 * @property {"edit-turn"} type
 * @property {number} turn
 * @property {number} [revision]
 */

/**
 * Set-up: the dice ([] for none).
 * @typedef {object} EditDiceIntent
 * @property {"edit-dice"} type
 * @property {number[]} dice
 * @property {number} [revision]
 */

/**
 * Set-up: the position from its ID.
 * @typedef {object} EditIdIntent
 * @property {"edit-id"} type
 * @property {string} id
 * @property {number} [revision]
 */

/**
 * Save the game as a file, which Python sends back as a download.
 * @typedef {object} ExportIntent
 * @property {"export"} type
 * @property {"json" | "mat"} format
 * @property {number} [revision]
 */

/**
 * Review the match (at `level`, the Expert's when absent).
 * @typedef {object} ReviewIntent
 * @property {"review"} type
 * @property {string} [level]
 * @property {number} [revision]
 */

/**
 * Review mode: go to another decision.
 * @typedef {object} ReviewGoIntent
 * @property {"review-go"} type
 * @property {"first" | "previous" | "next" | "last" | "next-error"} to
 * @property {number} [revision]
 */

/**
 * A replay: go to another stop, by a step (`to`) or by `game` (1-based) and `actions` (record entries played).
 * @typedef {object} ReplayGoIntent
 * @property {"replay-go"} type
 * @property {"first" | "previous" | "next" | "last" | "previous-game" | "next-game"} [to]
 * @property {number} [game]
 * @property {number} [actions]
 * @property {number} [revision]
 */

/**
 * The 2D or the 3D face.
 * @typedef {object} ViewIntent
 * @property {"view"} type
 * @property {"2d" | "3d"} view
 * @property {number} [revision]
 */

/** @typedef {SimpleIntent | MoveIntent | WhyIntent | PlayIntent | ResignIntent | EditMoveIntent | EditTurnIntent | EditDiceIntent | EditIdIntent | ExportIntent | ReviewIntent | ReviewGoIntent | ReplayGoIntent | ViewIntent} Intent */

export {};
