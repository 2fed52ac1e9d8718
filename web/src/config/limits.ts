// Business constants of spec section 9 that the UI mirrors for instant feedback (the database
// enforces them again). The ones a form checks before sending — postContent, postAge,
// commentContentMax, commentAge, tags, maxReplyDepth, passwordMin — are tried at their edges
// against the database (and Auth's config) by scripts/web-limits.ts in `npm run test:db`, which
// fails when either side changes alone. Page sizes are the client's choice (the database clamps
// them to 1–100); filterAge bounds a search, which the database does not limit.
export const limits = {
  postContent: { min: 10, max: 400 },
  postAge: { casual: { min: 13, max: 99 }, cotilleo: { min: 18, max: 99 } },
  commentContentMax: 400,
  commentAge: { casual: { min: 13, max: 100 }, cotilleo: { min: 18, max: 100 } },
  filterAge: { min: 0, max: 99 },
  ageDigits: 2,
  passwordMin: 8,
  tags: { max: 3, maxLength: 20 },
  feedPageSize: 20,
  rootCommentsPage: 20,
  maxReplyDepth: 3,
  repliesShown: { first: 4, min: 2 },
  replyBannerChars: 50,
  viewerSeconds: 10,
  notificationAutoReadMs: 3000,
  notificationsPage: 20,
  toastMs: 3000,
  liveToastMs: 5000,
  /** Live toast and sound: new notifications closer than `newMs` are one alert; a collapsed
   * notification that grew alerts only `updateMs` after the last alert (a flood is one toast). */
  liveAlertGaps: { newMs: 1500, updateMs: 10000 },
  countryCacheMs: 24 * 60 * 60 * 1000,
  geoHttpTimeoutMs: 5000,
  geoBrowserTimeoutMs: 10000,
  geoBrowserMaxAgeMs: 30000,
  logCountryTimeoutMs: 5000,
  /** The database stores one log per person and country in this window; the app asks once in it. */
  logCountryRepeatMs: 24 * 60 * 60 * 1000,
  image: { maxSizeMB: 1, maxWidthOrHeight: 1920 },
} as const;
