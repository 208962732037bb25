/** The seed's interface constants, in one place. */
export const TOAST_DURATION_MS = 5_000;
export const TOAST_LIMIT = 5;
export const TOAST_REMOVE_DELAY_MS = 200;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = "F8";
export const TOAST_GAP_PX = 16;
/** The default layout's header height, published on <html> for the toasts to open below it. */
export const HEADER_BLOCK_SIZE = "--header-block-size";
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const PROGRESS_MAX = 100;
export const BUILD_CHECK_INTERVAL_MS = 3_600_000;
export const CHUNK_RELOAD_WINDOW_MS = 10_000;
