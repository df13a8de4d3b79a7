/** `like` treats % and _ as wildcards and \ as the escape (`escape '\'`): a query means its characters only. */
export const likeSubstring = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
