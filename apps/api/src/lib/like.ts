/** Escapes LIKE's wildcards (and the escape itself) in user text; queries add `escape '\'`. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
