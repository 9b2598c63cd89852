/**
 * Every locale's namespaces at once, for the translation key check and the component tests
 * (the app itself loads a feature's namespaces with its routes).
 */
const files = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });

export const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, bundle] of Object.entries(files)) {
  const [, locale, namespace] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file)!;
  (resources[locale!] ??= {})[namespace!] = bundle;
}
