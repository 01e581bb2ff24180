/**
 * IPv4 addresses inside the server's network (loopback, the cloud metadata address, a
 * private one) spelled as IPv6 webhook hosts: IPv4-mapped in its forms, and IPv4-compatible.
 * Each must be refused as the IPv4 address it carries.
 */
export const MAPPED_IPV4_HOSTS = [
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '[0:0:0:0:0:ffff:7f00:1]',
  '[::ffff:169.254.169.254]',
  '[::ffff:10.0.0.1]',
  '[::127.0.0.1]',
];
