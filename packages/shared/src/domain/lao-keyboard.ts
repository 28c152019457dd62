/**
 * What a password guesser knows of Lao typing, for the password rule (password-strength.ts): the Lao
 * keyboard and the order of the alphabet. zxcvbn ships neither, so without them a walk along the Lao
 * home row or the alphabet recited would count as random letters.
 */

/**
 * The Lao keyboard (X.Org xkb `symbols/la`, layout "basic", the widely used standard) over the QWERTY
 * keys it replaces: for each QWERTY key, the Lao character typed without and with Shift ('' for none).
 * The tilde key types a zero-width joiner and is left out.
 */
const LAO_KEYS: Record<string, [string, string]> = {
  '1': ['ຢ', '໑'],
  '2': ['ຟ', '໒'],
  '3': ['ໂ', '໓'],
  '4': ['ຖ', '໔'],
  '5': ['ຸ', '໌'],
  '6': ['ູ', 'ຼ'],
  '7': ['ຄ', '໕'],
  '8': ['ຕ', '໖'],
  '9': ['ຈ', '໗'],
  '0': ['ຂ', '໘'],
  '-': ['ຊ', '໙'],
  '=': ['ໍ', ''],
  q: ['ົ', ''],
  w: ['ໄ', '໐'],
  e: ['ຳ', ''],
  r: ['ພ', '_'],
  t: ['ະ', '+'],
  y: ['ິ', ''],
  u: ['ີ', ''],
  i: ['ຣ', 'ຮ'],
  o: ['ນ', ''],
  p: ['ຍ', 'ຽ'],
  '[': ['ບ', '-'],
  ']': ['ລ', '}'],
  '\\': ['ໜ', 'ໝ'],
  a: ['ັ', ''],
  s: ['ຫ', ';'],
  d: ['ກ', '.'],
  f: ['ດ', ','],
  g: ['ເ', ':'],
  h: ['້', '໊'],
  j: ['່', '໋'],
  k: ['າ', '!'],
  l: ['ສ', '?'],
  ';': ['ວ', '%'],
  "'": ['ງ', '='],
  z: ['ຜ', '₭'],
  x: ['ປ', '('],
  c: ['ແ', 'ຯ'],
  v: ['ອ', ''],
  b: ['ຶ', ''],
  n: ['ື', ''],
  m: ['ທ', 'ໆ'],
  ',': ['ມ', '`'],
  '.': ['ໃ', '$'],
  '/': ['ຝ', ')'],
};

type AdjacencyGraph = Record<string, (string | null)[]>;

/**
 * zxcvbn's adjacency graph of the Lao keyboard, made from its QWERTY graph: the same keys in the same
 * places, each neighbour written as "unshifted + shifted" as zxcvbn expects.
 */
export function laoKeyboardGraph(qwerty: AdjacencyGraph): AdjacencyGraph {
  const lao = (neighbour: string | null) => {
    const key = neighbour && LAO_KEYS[neighbour[0]!];
    return key ? key[0] + key[1] : null;
  };
  const graph: AdjacencyGraph = {};
  for (const [qwertyKey, [plain, shifted]] of Object.entries(LAO_KEYS)) {
    const neighbours = (qwerty[qwertyKey] ?? []).map(lao);
    graph[plain] = neighbours;
    if (shifted) graph[shifted] = neighbours;
  }
  return graph;
}

/** The 27 consonants in the order every Lao child recites them. */
export const LAO_ALPHABET = 'ກຂຄງຈສຊຍດຕຖທນບປຜຝພຟມຢຣລວຫອຮ';

/**
 * Every run of three or more letters of the alphabet in order, from the start first: a guesser's early
 * tries (zxcvbn also finds them reversed).
 */
export function laoAlphabetRuns(): string[] {
  const letters = [...LAO_ALPHABET];
  const runs: string[] = [];
  for (let start = 0; start < letters.length; start += 1)
    for (let end = start + 3; end <= letters.length; end += 1) runs.push(letters.slice(start, end).join(''));
  return runs;
}
