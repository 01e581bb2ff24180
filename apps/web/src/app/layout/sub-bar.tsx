/**
 * The strip under the top bar: a place for page actions, hidden while it holds none. The page's
 * title is the screen's own heading (one title a page, not the route's name above it again).
 */
export function SubBar() {
  return <div id="sub-bar-actions" className="app-subbar" data-testid="sub-bar" />;
}
