/** English messages of the balance badge and dashboard, merged into `en` as `balance`. */
export const balanceEn = {
  // Before a paid job is sent: its expected cost from the studio's own measured costs.
  estimate: {
    label: 'Estimated cost:',
    about: 'about {{amount}} (range {{low}}–{{high}}, from {{count}} jobs)',
    about_one: 'about {{amount}} (range {{low}}–{{high}}, from {{count}} job)',
    aboutModel: 'about {{amount}} (range {{low}}–{{high}}, from {{count}} jobs of this model with other settings)',
    aboutModel_one: 'about {{amount}} (range {{low}}–{{high}}, from {{count}} job of this model with other settings)',
    none: 'no estimate yet: no history for this model',
    loading: 'estimating…',
    noModel: 'choose a model to see an estimate',
    total: 'Estimated total: about {{amount}} (range {{low}}–{{high}})',
    totalPartial:
      'Estimated total: about {{amount}} (range {{low}}–{{high}}) for the models with history; {{unknown}} without an estimate',
    totalNone: 'Estimated total: no estimate yet: no history for these models',
    measured: 'Cost: {{amount}}',
    measuredVsEstimate: 'Cost: {{amount}} (estimated {{estimate}})',
    measuring: 'Cost: measured at the next balance check',
    unpriced: 'Cost: not measurable (the balance went back in this period)',
    shared: 'shared with other jobs in the same period'
  },
  // A job held by a spending limit.
  limit: {
    title: {
      daily: 'Held by your daily spending limit',
      weekly: 'Held by your weekly spending limit',
      threshold: 'Held by your low-balance threshold'
    },
    figures: {
      daily: '{{spent}} spent in the last 24 hours; your daily limit is {{limit}}.',
      weekly: '{{spent}} spent in the last 7 days; your weekly limit is {{limit}}.',
      threshold: '{{spent}} available; your threshold is {{limit}}.'
    },
    expected: 'This {{model}} job is expected to cost about {{expected}}.',
    noEstimate: 'There is no estimate for {{model}} yet.',
    release: 'Nothing was sent. Choose “Send anyway” to let it go, or raise the limit in Balance.',
    sendAnyway: 'Send anyway',
    toastTitle: 'A job is held: {{name}}',
    toastBody:
      'The {{kind}} limit of {{limit}} would be passed ({{spent}} spent). It waits until you let it go or raise the limit.',
    kind: { daily: 'daily', weekly: 'weekly', threshold: 'low-balance' },
    dismiss: 'Dismiss'
  },
  // The header badge.
  // The badge's caption; with its value it is also the badge's name ("Balance: 12,345").
  label: 'Balance:',
  loading: 'Loading…',
  unlimited: 'Unlimited',
  expired: 'Expired',
  exhausted: 'Used up',
  unavailable: 'Unavailable',
  noKey: 'No key',
  // After a figure in raw quota units (a currency shows its own sign).
  quotaUnit: 'quota units',
  granted: 'Granted: {{value}}',
  used: 'Used: {{value}}',
  available: 'Available: {{value}}',
  expiresAt: 'Expires: {{value}}',
  neverExpires: 'Expires: never',
  fetchedAt: 'Checked at {{value}}',
  unitNote: 'Amounts in raw quota units.',
  unitNoteIn: 'Amounts in {{unit}}; raw quota units on hover in the dashboard.',
  refreshHint: 'Click to check again.',
  expiresSoon: 'Expires in {{value}}',

  // The dashboard.
  view: {
    refresh: 'Check again',
    refreshing: 'Checking…',
    profiles: 'Balance per profile',
    profileColumn: 'Profile',
    availableColumn: 'Available',
    stateColumn: 'State',
    activeMark: 'active',
    show: 'Show {{name}}',
    showing: 'Showing {{name}}',
    noProfiles: 'No profiles yet. Add one in Settings.',
    checkedAgo: 'Checked {{age}} ago',
    checkedJustNow: 'Checked just now',
    staleData: 'Showing data from {{age}} ago, from the last successful check.',
    rawHint: 'Raw value: {{value}}'
  },
  key: {
    heading: 'Key usage',
    name: 'Key name',
    unnamed: '(unnamed)',
    gaugeLabel: 'Used share of the granted quota',
    gaugeValue: '{{used}} of {{granted}} used',
    granted: 'Granted',
    used: 'Used',
    available: 'Available',
    unlimitedNote:
      'This key has unlimited quota. The gateway still counts use down from zero, so its “available” figure can be negative; that is not debt.',
    exhaustedNote: 'This key has used up its quota; requests will be refused until it is topped up.',
    expires: 'Expires',
    never: 'Never',
    countdown: 'in {{value}}',
    expiredAgo: 'expired {{value}} ago',
    expiryWarning: 'This key expires in {{value}}. Renew it or prepare another key.',
    expiredWarning: 'This key has expired. The gateway refuses its requests; it can still show its usage.',
    modelLimits: 'Model limits',
    modelLimitsOff: 'Off: every model the gateway serves is allowed.',
    modelLimitsOn: 'On: only these models may be used with this key.',
    modelLimitsEmpty: 'On, but the list is empty.',
    allowed: 'allowed',
    notAllowed: 'not allowed',
    limitValue: 'limit {{value}}'
  },
  billing: {
    heading: 'Subscription and billing',
    soft: 'Soft limit',
    hard: 'Hard limit',
    system: 'System limit',
    accessUntil: 'Access until',
    totalUsage: 'Total usage',
    unlimitedLimit: 'Unlimited (the gateway reports {{value}})',
    route: 'From the gateway’s billing records',
    routeTitle: 'Answered by {{path}}',
    unitIs: 'Shown in {{unit}}, as set for this profile.',
    unitQuota:
      'Shown as the gateway reports them (the site’s display unit); choose the unit below if it is USD or CNY.',
    paymentMethod: 'Payment method on file',
    allTime: 'all time'
  },
  units: {
    quota: 'raw quota units',
    usd: 'US dollars',
    cny: 'Chinese yuan'
  },
  trends: {
    heading: 'Trends',
    loading: 'Loading charts…',
    availableChart: 'Available quota over time',
    dailyChart: 'Use per day',
    spendingOverTime: 'Spending over time',
    spendingModel: 'Model',
    allModels: 'All models',
    spendingOverTimeAll: 'Known costs per day, all models',
    spendingOverTimeOf: 'Known costs per day, {{model}}',
    spendingOverTimeEmpty:
      'No priced generations in this window yet: costs appear after the balance checks around your jobs.',
    spendingHeading: 'Spending by model',
    spendingNote: 'From this studio’s own generations; costs come from the balance checks around each job.',
    spendingEmpty: 'No generations recorded for this profile yet.',
    modelColumn: 'Model',
    kindColumn: 'Kind',
    jobsColumn: 'Jobs',
    costColumn: 'Cost',
    costUnknown: 'not measured yet',
    shared: '{{costed}} of {{jobs}} measured',
    noHistory: 'No history yet: each balance check adds a point.',
    oneSnapshot: 'One check so far; the chart needs a second one.',
    unlimitedForecast: 'This key is unlimited, so there is no forecast.',
    forecast: 'At this rate, about {{days}} days left.',
    forecastLessThanDay: 'At this rate, less than a day left.',
    forecastNoSpend: 'No spending seen recently.',
    forecastNeedsHistory: 'A forecast needs at least 10 minutes of history.',
    perDay: '{{value}} per day',
    readout: '{{time}}: {{value}}',
    points: '{{count}} points',
    kind: { chat: 'Chat', image: 'Image', video: 'Video' }
  },
  settings: {
    heading: 'Display and alerts',
    unit: 'Display unit',
    unitProfile: 'As the profile says ({{unit}})',
    unitQuota: 'Raw quota units',
    unitUsd: 'USD',
    unitCny: 'CNY',
    rate: 'CNY per USD',
    quotaPerUsd: 'Quota units per USD',
    quotaPerUsdHelp: 'The gateway’s QuotaPerUnit (500,000 unless its operator changed it).',
    dailyLimit: 'Daily spending limit',
    weeklyLimit: 'Weekly spending limit',
    limitHelp:
      'In {{unit}}, over the last 24 hours or 7 days. Empty: no limit. A job that would pass it waits until you let it go.',
    threshold: 'Low-balance alert below',
    thresholdHelp: 'In {{unit}}. Empty: no alert. You are told once each time the balance falls below it.',
    save: 'Save',
    saved: 'Saved',
    invalidNumber: 'Enter a number of 0 or more',
    invalidRate: 'Enter a rate above 0',
    notifications: 'Desktop notifications',
    allowNotifications: 'Allow desktop notifications',
    notificationsOn: 'Desktop notifications are on.',
    notificationsDenied: 'The browser blocks notifications for this page; alerts appear inside the studio.',
    notificationsUnsupported: 'This browser has no desktop notifications; alerts appear inside the studio.'
  },
  alert: {
    title: 'Low balance: {{name}}',
    body: '{{available}} available, below your alert threshold of {{threshold}}.',
    dismiss: 'Dismiss'
  },
  errors: {
    retry: 'Try again',
    noAuthHeader:
      'The gateway received no Authorization header. Something between the studio and the gateway (a proxy) removed it.',
    invalidBearer:
      'The gateway could not read the Authorization header as “Bearer <key>”. Something between the studio and the gateway changed it, or the key contains spaces.',
    invalidToken: 'The gateway does not accept this key (401): it is unknown or disabled. Check the key in Settings.',
    unauthorized: 'The gateway refused the key (401).',
    lookupFailed: 'The gateway could not look up this key’s quota.',
    quotaQueryFailed: 'The gateway could not look up the quota for the billing figures.',
    rateLimited:
      'The gateway is rate limiting the balance routes (429) and gave no reason. The studio waits before asking again.',
    rateLimitedWait:
      'The gateway is rate limiting the balance routes (429). The studio asks again in about {{minutes}} min.',
    budget:
      'The balance was checked often recently. To stay under the gateway’s limit of about 20 checks per 20 minutes, the studio waits {{minutes}} min.',
    noBillingRoutes: 'This gateway answers neither /dashboard/billing/… nor /v1/dashboard/billing/….',
    keyMissing: 'This profile has no API key. Add it in Settings.',
    gatewaySaid: 'The gateway said: {{message}}'
  }
}
