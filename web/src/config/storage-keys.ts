// localStorage keys the app shares with index.html's first-load script (app/first-load/boot.ts).
/** Cotilleo mode, a JSON boolean (spec section 3). */
export const cotilleoStorageKey = 'cotilleoMode';
