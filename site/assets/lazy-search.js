// The search index (several hundred KiB) is fetched when a reader first reaches for search, not on every page
// load. Material's search asks for search/search_index.json with XMLHttpRequest as the page starts; this script,
// loaded before Material's, holds that one request back until the search box is focused or opened (by click,
// tap or Material's keyboard shortcut, which focus it), then sends it. Meanwhile the search box says that search
// is starting, as it does while the index loads. A page opened from a search result (?h=…) sends it at once.
// Other requests are untouched. Opened from disk (file:), Material loads the index another way: not held.
(() => {
  const INDEX = /\/search\/search_index\.json$/;
  const held = new WeakSet();
  const waiting = [];
  let wanted = new URLSearchParams(location.search).has('h');
  const want = () => {
    if (wanted) return;
    wanted = true;
    for (const send of waiting.splice(0)) send();
  };
  const { open, send } = XMLHttpRequest.prototype;
  XMLHttpRequest.prototype.open = function openLazily(method, url, ...rest) {
    if (INDEX.test(new URL(String(url), document.baseURI).pathname)) held.add(this); else held.delete(this);
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function sendLazily(...args) {
    if (!wanted && held.has(this)) {
      waiting.push(() => send.apply(this, args));
      return undefined;
    }
    return send.apply(this, args);
  };
  const isSearch = (node) => node instanceof Element
    && (node.matches('[data-md-component="search-query"]') || node.id === '__search');
  document.addEventListener('focusin', (event) => { if (isSearch(event.target)) want(); });
  document.addEventListener('pointerdown', (event) => { if (event.target instanceof Element && event.target.closest('.md-search, label[for="__search"]')) want(); });
  document.addEventListener('change', (event) => { if (isSearch(event.target) && event.target.checked) want(); });
})();
