import { useEffect } from 'react';

let suffix = '';
let current: string | undefined;

function apply() {
  document.title = current ? (suffix ? `${current} · ${suffix}` : current) : suffix;
}

/** The network's name, which every page title ends with. */
export function setPageTitleSuffix(name: string) {
  suffix = name;
  apply();
}

/** "Benachrichtigungen · Acme Demo": what the tab and the browser history show for a page. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    current = title;
    apply();
  }, [title]);
}
