/**
 * What this browser keeps for group orders (docs/decisions/0256-group-order-links-and-member-tokens.md):
 * a visitor's member token per group, sent as `x-group-member`, and the host's link secret so
 * "Copy link" works after a reload. Both in localStorage under the group's id.
 */
const MEMBER = 'hn.group.member.';
const LINK = 'hn.group.link.';

function read(key: string): string | undefined {
  try {
    return localStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}
function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode without storage: the page still works until it is reloaded.
  }
}

export const memberTokenFor = (groupId: string) => read(MEMBER + groupId);
export const saveMemberToken = (groupId: string, token: string) => write(MEMBER + groupId, token);
export const linkTokenFor = (groupId: string) => read(LINK + groupId);
export const saveLinkToken = (groupId: string, token: string) => write(LINK + groupId, token);

/** The header a member's requests carry (none for a signed-in member without a token). */
export function memberHeaders(groupId: string): { 'x-group-member'?: string } {
  const token = memberTokenFor(groupId);
  return token ? { 'x-group-member': token } : {};
}

export function joinUrl(linkToken: string): string {
  return `${window.location.origin}/group/join/${linkToken}`;
}
