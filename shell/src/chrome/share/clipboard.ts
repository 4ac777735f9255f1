/**
 * Copies text: the Clipboard API where the page may use it, else the older selection-and-copy
 * command on the given field (some browsers refuse the API outside secure contexts). Resolves
 * whether it worked; the field's text is left selected so a person can copy it by hand.
 */
export async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* refused (permissions, insecure context): try the fallback */
  }
  if (!field) return false;
  field.focus();
  field.select();
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  }
}
