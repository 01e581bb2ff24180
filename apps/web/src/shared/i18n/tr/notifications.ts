import type { Messages } from '../messages';
import type en from '../en/notifications';

// Turkish texts of the 'notifications' namespace: the same keys as en/notifications.ts (the type checks it).
const tr: Messages<typeof en> = {
  entered: '{{symbol}}, {{date}} tarihinde "{{alert}}" taramasına girdi ({{expression}}).',
  left: '{{symbol}}, {{date}} tarihinde "{{alert}}" taramasından çıktı ({{expression}}).',
  becameTrue: '{{symbol}}: {{expression}} koşulu {{date}} tarihinde gerçekleşti.',
  windowOpens:
    '{{symbol}}: {{start}} → {{end}} ({{days}} gün) {{direction}} yönlü mevsimsel pencere {{entry}} tarihinde açılıyor; {{count}} yılın {{winners}} yılında kazandırdı ({{winRate}}), ortalama {{mean}}.',
  windowOpensP:
    '{{symbol}}: {{start}} → {{end}} ({{days}} gün) {{direction}} yönlü mevsimsel pencere {{entry}} tarihinde açılıyor; {{count}} yılın {{winners}} yılında kazandırdı ({{winRate}}), ortalama {{mean}}, p = {{pValue}}.',
  more: '{{date}} tarihinde {{count}} sembol daha{{listed}}.',
  webhookPaused:
    '"{{alert}}" alarmının webhook\'u durduruldu: {{host}} her denemede başarısız oldu ({{reason}}). Alarmlar sayfasından sürdürün.',
  windowOpensPQ:
    '{{symbol}}: {{start}} → {{end}} ({{days}} gün) {{direction}} yönlü mevsimsel pencere {{entry}} tarihinde açılıyor; {{count}} yılın {{winners}} yılında kazandırdı ({{winRate}}), ortalama {{mean}}, p = {{pValue}}, q = {{qValue}}.',
  close: 'Kapanış {{value}}',
  long: 'uzun',
  short: 'kısa',
};
export default tr;
