import type { Messages } from '../messages';
import type en from '../en/shell';

// Turkish texts of the 'shell' namespace: the same keys as en/shell.ts (the type checks it).
const tr: Messages<typeof en> = {
  preferences: {
    title: 'Yerleşim ve görünüm',
    layout: 'Yerleşim',
    layouts: {
      sidebarCollapsed: 'Daraltılmış kenar çubuğu (simgeler)',
      darkSidebar: 'Koyu kenar çubuğu',
      darkTopbar: 'Koyu üst çubuk',
      horizontal: 'Yatay yerleşim',
    },
    language: 'Dil',
    languageHelp: 'Metinler, sayılar ve tarihler dile uyar. Günlük barlar borsa tarihlerini korur.',
    timeZone: 'Saat dilimi',
    replayTour: 'Turu yeniden başlat',
  },
};
export default tr;
