// The home page in the visitor's language: on the main language's home page, a first visit from a browser
// that prefers another of the site's languages goes to that language's home page. Choosing a language in
// Material's switcher is remembered and always wins. The languages come from the switcher's own links.
const CHOICE = "gaslight.language";

function remember(event) {
  const link = event.target.closest("a[hreflang]");
  if (link) localStorage.setItem(CHOICE, link.getAttribute("hreflang"));
}

function preferred(available) {
  for (const wanted of navigator.languages || [navigator.language]) {
    const code = String(wanted).toLowerCase().split("-")[0];
    if (available.has(code)) return code;
  }
  return null;
}

function visitorsHome() {
  document.addEventListener("click", remember);
  const links = [...document.querySelectorAll(".md-select__link[hreflang]")];
  const page = document.documentElement.lang;
  const onHome = /(^|\/)(index\.html)?$/.test(location.pathname);
  if (!links.length || !onHome || localStorage.getItem(CHOICE)) return;
  const main = links[0].getAttribute("hreflang");
  if (page !== main) return;  // only the main language's home page sends visitors on
  const available = new Map(links.map((link) => [link.getAttribute("hreflang"), link.href]));
  const code = preferred(available);
  if (code && code !== main) location.replace(available.get(code));
}

visitorsHome();
