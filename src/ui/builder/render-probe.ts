// A seam for measuring, not for behaviour: bench/builder.ts and the UI tests count how often each field
// renders, to prove that typing a character re-renders only its own field. Nothing listens in the app.

type RenderListener = (fieldKey: string) => void;

let listener: RenderListener | undefined;

export function setRenderListener(next: RenderListener | undefined): void {
  listener = next;
}

export function reportFieldRender(fieldKey: string): void {
  listener?.(fieldKey);
}
