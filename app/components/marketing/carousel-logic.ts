/** Carousel timing and gesture constants (spec section 9). */
export const DEFAULT_CAROUSEL_INTERVAL_MS = 5000;
export const SWIPE_THRESHOLD_PX = 40;
/** Below this width the multi-card carousel shows one card per slide. */
export const MOBILE_BREAKPOINT_PX = 768;

/** `autoPlay` prop → interval in ms, or null for no auto-advance. */
export function autoPlayInterval(autoPlay: boolean | number | undefined): number | null {
  if (autoPlay === true) return DEFAULT_CAROUSEL_INTERVAL_MS;
  if (typeof autoPlay === "number" && autoPlay > 0) return autoPlay;
  return null;
}

/** Number of steps through `itemCount` cards shown `perSlide` at a time (a short last step counts; never 0). */
export function slideCount(itemCount: number, perSlide: number): number {
  return Math.max(1, Math.ceil(itemCount / Math.max(1, Math.floor(perSlide))));
}

/** Index moved by `step`, wrapping around both ends. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/** +1 (next) for a leftward swipe, -1 (previous) for a rightward one, 0 when too short or mostly vertical. */
export function swipeStep(dx: number, dy: number, threshold = SWIPE_THRESHOLD_PX): -1 | 0 | 1 {
  if (Math.abs(dx) < threshold || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/** Slide index that keeps the first visible item in view when the number of items per slide changes. */
export function reanchorIndex(
  index: number,
  fromPerSlide: number,
  toPerSlide: number,
  itemCount: number,
): number {
  const firstItem = index * fromPerSlide;
  const slides = Math.max(1, Math.ceil(itemCount / toPerSlide));
  return Math.min(Math.floor(firstItem / toPerSlide), slides - 1);
}
