/**
 * Where a person would click `css`, computed in the page (both drivers run this function there):
 * the control is scrolled into view at once if it is outside it, as a person brings a control into
 * sight before clicking; then, as a person waits for it to stop moving (a block still fading in,
 * the page still scrolling to an anchor), until its box holds still for two frames; then its centre,
 * provided nothing covers it there. If the page moved it out of sight meanwhile (its own scroll to
 * an address's #anchor can begin after a pause), the person brings it back and waits again.
 * Returns a sentence instead when the click cannot happen. Self-contained: the drivers send its
 * source to the page.
 */
export async function clickTarget(css: string): Promise<{ x: number; y: number } | string> {
  const element = document.querySelector(css);
  if (!element) return `no element matches ${css}`;
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const boxOf = () => JSON.stringify(element.getBoundingClientRect());
  const inSight = () => {
    const rect = element.getBoundingClientRect();
    return (
      rect.top >= 0 && rect.bottom <= innerHeight && rect.left >= 0 && rect.right <= innerWidth
    );
  };
  let described = '';
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (!inSight()) element.scrollIntoView({ block: 'center', behavior: 'instant' });
    let previous = boxOf();
    let still = 0;
    for (let frames = 0; still < 2 && frames < 300; frames += 1) {
      await frame();
      const now = boxOf();
      still = now === previous ? still + 1 : 0;
      previous = now;
    }
    const { x, y, width, height } = element.getBoundingClientRect();
    const point = { x: Math.round(x + width / 2), y: Math.round(y + height / 2) };
    if (point.y < 0 || point.y >= innerHeight || point.x < 0 || point.x >= innerWidth) {
      described = `${css} is out of sight: the page moved it`;
      continue;
    }
    const hit = document.elementFromPoint(point.x, point.y);
    if (!hit || !(hit === element || element.contains(hit) || hit.contains(element)))
      return `${css} is covered by <${hit?.tagName.toLowerCase()} class="${hit?.className ?? ''}">`;
    return point;
  }
  return described;
}
