/** Draft orders' words that the back office's pages and the server share (server/drafts/, decision 0059). */

/** How staff read a draft: "Draft D12". Its number is its order row's id: a draft has no order number until it is paid. */
export const draftName = (id: number) => `Draft D${id}`;
