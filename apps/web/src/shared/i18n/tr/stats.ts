import type { Messages } from '../messages';
import type en from '../en/stats';
import definitions from './stats-definitions.json';

// Turkish texts of the 'stats' namespace: the same keys as en/stats.ts (the type checks it).
const tr: Messages<typeof en> = {
  definitions,
  weakness: {
    fewYears: 'yalnızca {{count}} yıllık geçmiş ({{min}} yıldan az)',
    chance: 'kazanma oranı tesadüf olabilir (p-değeri {{pValue}}, {{max}} üzerinde)',
    withoutBest: 'en iyi yılı olmadan ortalama getiri pozitif değil',
    searched:
      'test edilen tüm pencereler arasında bu kadar iyi bir sonuç tesadüf olabilir (q-değeri {{qValue}}, {{max}} üzerinde)',
  },
  significance: {
    ok: 'Bu örüntü örneklem büyüklüğü, p-değeri ve en iyi yıl olmadan kontrollerini geçiyor.',
    weak: 'Zayıf örüntü:',
    caution: '{{reasons}}. Temkinli yaklaşın.',
  },
  panel: 'İstatistikler',
  signal: {
    column: 'Sinyal',
    Buy: 'Al',
    Sell: 'Sat',
    'No edge': 'Avantaj yok',
  },
  columns: {
    start: 'Başlangıç',
    end: 'Bitiş',
    days: 'Gün',
    check: 'Kontrol',
    weak: 'Zayıf',
    weakReasons: 'Zayıf: {{reasons}}',
    ok: 'Tamam',
  },
};
export default tr;
