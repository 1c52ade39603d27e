// Labels in English, French and Swedish, chosen per widget. Backgammon's own terms in each
// language: take/pass are accepter/refuser in French, ta/passa in Swedish. The words the static
// SVG draws too (bgwidget/svg.py) live in the shared catalogue labels.json; the rest are here.
import shared from "../../src/bgwidget/labels.json" with { type: "json" };

const OWN = {
  en: {
    roll: "Roll", done: "Done", undo: "Undo", double: "Double", take: "Take", pass: "Pass",
    hint: "Hint", "new-game": "New game", resign: "Resign", edit: "Set up", "edit-done": "Play from here", cancel: "Cancel",
    toRoll: "{name} to roll", toMove: "{name} to play {dice}", thinking: "{name} is thinking…",
    offers: "{name} offers the cube at {value}", wins: "{name} wins {points}",
    winsMatch: "{name} wins the match", point: "1 point", points: "{n} points",
    opening: "Roll to see who starts", plays: "Possible plays", notation: "Type a play, e.g. 13/8 6/5",
    playNow: "Play", cannotMove: "No legal play: press Done", last: "Last play: {text}",
    dice: "Dice", positionId: "Position ID", bottom: "bottom", top: "top",
    expertPlays: "Expert's ranking (hover to see a play)", expertCube: "Expert's cube advice",
    equity: "equity", error: "error", win: "win", noDouble: "no double", doubleIt: "double",
    tooGood: "too good to double", takeIt: "take", passIt: "pass", beaverIt: "beaver",
    doubleTake: "double/take", doublePass: "double/pass",
  },
  fr: {
    roll: "Lancer", done: "Terminé", undo: "Annuler", double: "Doubler", take: "Accepter", pass: "Refuser",
    hint: "Conseil", "new-game": "Nouvelle partie", resign: "Abandonner", edit: "Placer", cancel: "Annuler la mise en place",
    "edit-done": "Jouer d’ici",
    toRoll: "À {name} de lancer", toMove: "À {name} de jouer {dice}", thinking: "{name} réfléchit…",
    offers: "{name} propose le videau à {value}", wins: "{name} gagne {points}",
    winsMatch: "{name} gagne le match", point: "1 point", points: "{n} points",
    opening: "Lancez pour savoir qui commence", plays: "Coups possibles",
    notation: "Tapez un coup, p. ex. 13/8 6/5", playNow: "Jouer", cannotMove: "Aucun coup légal : Terminé",
    last: "Dernier coup : {text}", dice: "Dés", positionId: "ID de position",
    bottom: "bas", top: "haut",
    expertPlays: "Classement de l’expert (survolez un coup pour le voir)", expertCube: "Conseil de l’expert pour le videau",
    equity: "équité", error: "erreur", win: "gain", noDouble: "pas de double", doubleIt: "doubler",
    tooGood: "trop bon pour doubler", takeIt: "accepter", passIt: "refuser", beaverIt: "castor",
    doubleTake: "double/accepté", doublePass: "double/refusé",
  },
  sv: {
    roll: "Slå", done: "Klar", undo: "Ångra", double: "Dubbla", take: "Ta", pass: "Passa",
    hint: "Tips", "new-game": "Nytt parti", resign: "Ge upp", edit: "Ställ upp", "edit-done": "Spela härifrån", cancel: "Avbryt",
    toRoll: "{name} slår", toMove: "{name} spelar {dice}", thinking: "{name} tänker…",
    offers: "{name} erbjuder kuben på {value}", wins: "{name} vinner {points}",
    winsMatch: "{name} vinner matchen", point: "1 poäng", points: "{n} poäng",
    opening: "Slå för att se vem som börjar", plays: "Möjliga drag", notation: "Skriv ett drag, t.ex. 13/8 6/5",
    playNow: "Spela", cannotMove: "Inget lagligt drag: tryck Klar", last: "Senaste drag: {text}",
    dice: "Tärningar", positionId: "Positions-ID", bottom: "nedre", top: "övre",
    expertPlays: "Expertens rangordning (håll muspekaren över ett drag)", expertCube: "Expertens kubråd",
    equity: "equity", error: "fel", win: "vinst", noDouble: "ingen dubbling", doubleIt: "dubbla",
    tooGood: "för bra för att dubbla", takeIt: "ta", passIt: "passa", beaverIt: "bäver",
    doubleTake: "dubbla/ta", doublePass: "dubbla/passa",
  },
};

const LABELS = Object.fromEntries(Object.entries(OWN).map(([lang, own]) => [lang, { ...shared[lang], ...own }]));

export const LANGUAGES = Object.keys(LABELS);

/** The label `key` in `lang` (English when either is unknown), with {name} fields filled in. */
export function t(lang, key, fields = {}) {
  const table = LABELS[lang] || LABELS.en;
  const text = table[key] ?? LABELS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in fields ? String(fields[name]) : m));
}

/** Every key, for the test that checks each language has them all. */
export function keys(lang) {
  return Object.keys(LABELS[lang] || {});
}
