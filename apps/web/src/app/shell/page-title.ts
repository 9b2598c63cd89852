import { useEffect } from 'react';

let suffix = '';
let prefix = '';
let current: string | undefined;

function apply() {
  document.title = prefix + (current ? (suffix ? `${current} · ${suffix}` : current) : suffix);
}

/** What goes before every title, such as the chat's unread count "(3) "; '' for nothing. */
export function setPageTitlePrefix(value: string) {
  prefix = value;
  apply();
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
    // A page that goes takes its title along (the next page's effect sets its own right after).
    return () => {
      if (current !== title) return;
      current = undefined;
      apply();
    };
  }, [title]);
}
