export function WhatsAppPanel() {
  return null
}
