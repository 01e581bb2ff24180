// English texts of the 'shell' namespace. Keys are the contract; tr/shell.ts must have the same.
export default {
  preferences: {
    title: 'Layout and display',
    layout: 'Layout',
    layouts: {
      sidebarCollapsed: 'Collapsed sidebar (icons)',
      darkSidebar: 'Dark sidebar',
      darkTopbar: 'Dark top bar',
      horizontal: 'Horizontal layout',
    },
    language: 'Language',
    languageHelp: 'Texts, numbers and dates follow the language. Daily bars keep their exchange dates.',
    timeZone: 'Time zone',
    replayTour: 'Replay the tour',
  },
};
