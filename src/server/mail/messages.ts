/**
 * UI strings for what the server writes itself (e-mails): every locale file, imported as JSON so the same code runs in
 * the built server, in Vitest and in the command-line tool (plain Node, where Vite's import.meta.glob does not exist).
 */
import { parseMessages, type Messages } from '../../lib/i18n/schema.ts';
import { createTranslator, type Translate } from '../../lib/i18n/translate.ts';
import type { Lang } from '../../lib/i18n/languages.ts';
import en from '../../../locales/en.json' with { type: 'json' };
import zh_Hans from '../../../locales/zh-Hans.json' with { type: 'json' };
import zh_Hant from '../../../locales/zh-Hant.json' with { type: 'json' };
import ja from '../../../locales/ja.json' with { type: 'json' };
import ko from '../../../locales/ko.json' with { type: 'json' };
import it from '../../../locales/it.json' with { type: 'json' };
import fr from '../../../locales/fr.json' with { type: 'json' };
import pt from '../../../locales/pt.json' with { type: 'json' };
import pt_BR from '../../../locales/pt-BR.json' with { type: 'json' };
import de from '../../../locales/de.json' with { type: 'json' };
import es from '../../../locales/es.json' with { type: 'json' };
import ru from '../../../locales/ru.json' with { type: 'json' };
import sv from '../../../locales/sv.json' with { type: 'json' };
import id from '../../../locales/id.json' with { type: 'json' };
import th from '../../../locales/th.json' with { type: 'json' };
import ar from '../../../locales/ar.json' with { type: 'json' };
import he from '../../../locales/he.json' with { type: 'json' };
import vi from '../../../locales/vi.json' with { type: 'json' };
import tr from '../../../locales/tr.json' with { type: 'json' };
import nl from '../../../locales/nl.json' with { type: 'json' };
import el from '../../../locales/el.json' with { type: 'json' };
import pl from '../../../locales/pl.json' with { type: 'json' };
import da from '../../../locales/da.json' with { type: 'json' };
import fi from '../../../locales/fi.json' with { type: 'json' };
import no from '../../../locales/no.json' with { type: 'json' };

const files: Record<Lang, Messages> = {
  en,
  'zh-Hans': zh_Hans,
  'zh-Hant': zh_Hant,
  ja,
  ko,
  it,
  fr,
  pt,
  'pt-BR': pt_BR,
  de,
  es,
  ru,
  sv,
  id,
  th,
  ar,
  he,
  vi,
  tr,
  nl,
  el,
  pl,
  da,
  fi,
  no,
};
const translators = new Map<Lang, Translate>();

export function serverTranslator(lang: Lang): Translate {
  let t = translators.get(lang);
  if (!t) {
    t = createTranslator(lang, parseMessages(lang, files[lang]));
    translators.set(lang, t);
  }
  return t;
}
