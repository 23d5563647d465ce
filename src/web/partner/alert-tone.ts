/**
 * The new-order alert: two short beeps from a Web Audio oscillator (no sound file to download).
 * Browsers only start audio after a user gesture, so the sound toggle (and the first tap on the
 * page) unlocks it.
 */
let context: AudioContext | null = null;

export function unlockAudio(): void {
  try {
    context ??= new AudioContext();
    void context.resume();
  } catch {
    context = null;
  }
}

export function playAlertTone(): void {
  if (!context || context.state !== 'running') return;
  const start = context.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.22, 1175],
  ] as const) {
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = 'sine';
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0, start + offset);
    gain.gain.linearRampToValueAtTime(0.25, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.18);
    osc.connect(gain).connect(context.destination);
    osc.start(start + offset);
    osc.stop(start + offset + 0.2);
  }
}

export const SOUND_STORAGE_KEY = 'halalnosh-partner-sound';
