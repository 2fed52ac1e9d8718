// What this browser remembers per person: whether they switched push on here (so a later
// visit re-saves the subscription for the session it has then, and another account on the
// same browser does not inherit it), and whether the offer after a first live notification
// was shown already.
const onKey = (userId: string) => `chismes:push:${userId}`;
const offeredKey = (userId: string) => `chismes:push-offered:${userId}`;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage refused (private mode): the preference lasts this visit only
  }
}

export const devicePreference = {
  isOn: (userId: string) => read(onKey(userId)) === 'on',
  set: (userId: string, on: boolean) => write(onKey(userId), on ? 'on' : null),
  wasOffered: (userId: string) => read(offeredKey(userId)) === 'yes',
  markOffered: (userId: string) => write(offeredKey(userId), 'yes'),
};
