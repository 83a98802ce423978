// The Chromium the journeys run in, and its flags (a module bench/chromium-flags.mjs reads too).

/** Debian's Chromium, which the journeys run in. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * The features Playwright turns off (its chromiumSwitches), which a second --disable-features
 * would replace (Chromium keeps the last), and the address bar's suggestion popups: headless
 * Chromium renders two of them in a renderer of their own for every window, about a quarter of the
 * browser's CPU over a page load (bench/chromium-flags.mjs).
 */
const disabledFeatures = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];
/** Its flags: this closed network refuses Chromium's background connections. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${disabledFeatures.join(',')}`,
];
