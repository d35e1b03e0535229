import { FIRST_SCREEN_ID } from './first-screen-markup';

/**
 * Takes the first screen away once the app has drawn what replaces it (the list, or any other
 * screen): called in a layout effect, so both happen in one frame and nothing flashes between.
 * Does nothing when there is none (most loads).
 */
export function removeFirstScreen(doc: Document = document): void {
  doc.getElementById(FIRST_SCREEN_ID)?.remove();
}
