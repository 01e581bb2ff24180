// English texts of the 'notifications' namespace (what an alert's notification says).
// Keys are the contract; tr/notifications.ts must have the same.
export default {
  entered: '{{symbol}} entered the scan "{{alert}}" ({{expression}}) on {{date}}.',
  left: '{{symbol}} left the scan "{{alert}}" ({{expression}}) on {{date}}.',
  becameTrue: '{{symbol}}: {{expression}} became true on {{date}}.',
  windowOpens:
    '{{symbol}}: a {{direction}} seasonal window {{start}} → {{end}} ({{days}} days) opens on {{entry}}; it won in {{winners}} of {{count}} years ({{winRate}}), mean {{mean}}.',
  windowOpensP:
    '{{symbol}}: a {{direction}} seasonal window {{start}} → {{end}} ({{days}} days) opens on {{entry}}; it won in {{winners}} of {{count}} years ({{winRate}}), mean {{mean}}, p = {{pValue}}.',
  more: 'and {{count}} more symbols on {{date}}{{listed}}.',
  webhookPaused:
    'The webhook of "{{alert}}" was paused: {{host}} failed every attempt ({{reason}}). Resume it on the alerts page.',
  windowOpensPQ:
    '{{symbol}}: a {{direction}} seasonal window {{start}} → {{end}} ({{days}} days) opens on {{entry}}; it won in {{winners}} of {{count}} years ({{winRate}}), mean {{mean}}, p = {{pValue}}, q = {{qValue}}.',
  close: 'Close {{value}}',
  long: 'long',
  short: 'short',
};
