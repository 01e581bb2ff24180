import type { Messages } from '../messages';
import type en from '../en/a11y';

// Turkish texts of the 'a11y' namespace: the same keys as en/a11y.ts (the type checks it).
const tr: Messages<typeof en> = {
  modal: {
    close: 'Kapat',
  },
  table: {
    sortBy: '{{column}} sütununa göre sırala',
    actions: 'İşlemler',
  },
  chart: {
    showTable: 'Tablo olarak göster',
    hideTable: 'Tabloyu gizle',
    tableCaption: 'Grafiğin verileri: {{label}}',
    noData: 'Veri yok',
    label: 'Etiket',
    value: 'Değer',
  },
  tour: {
    close: 'Turu kapat',
  },
};
export default tr;
