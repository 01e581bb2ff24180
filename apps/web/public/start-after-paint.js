// The landing page's markup is in the HTML the server sends a visitor (issue 18, Lighthouse):
// the app's scripts start once it has been painted, so they do not take the network from the
// stylesheet before the first paint; where the server inlined the markup's critical CSS, the
// stylesheet itself is added here too (<meta name="solstice-stylesheet">). The server puts this
// script in place of the entry's <script type="module"> and its modulepreload links on that page
// only (apps/server/src/http/web-pages.ts); every other page loads the app as Vite wrote it.
(() => {
  const { entry, preload } = document.currentScript.dataset;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // With the critical rules inline (web-pages.ts), the whole stylesheet comes now, before the scripts.
    const stylesheet = document.querySelector('meta[name="solstice-stylesheet"]')?.content;
    if (stylesheet && !document.querySelector(`link[rel="stylesheet"][href="${stylesheet}"]`)) {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.crossOrigin = '';
      link.href = stylesheet;
      document.head.append(link);
    }
    for (const href of (preload ?? '').split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  // After the first contentful paint (text can wait for its font); within a second at the most,
  // also where the browser does not report paints or the tab is in the background.
  if (window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(start, 0));
  }
  setTimeout(start, 1000);
})();
