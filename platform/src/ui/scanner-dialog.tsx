import { useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
// Relative imports, not the package name: this file is loaded on its own (a dynamic import of
// '@loupe/platform/src/ui/scanner-dialog' when a camera button is pressed, so no first page carries it), and
// inside the platform its own name does not resolve when a remote is built alone (.ci/standalone.mjs). The
// lazy chunk carries its own small copy of the dialog and alert; the dialog's scroll lock counts per copy,
// which holds because the scanner never opens over another dialog.
import { Alert } from './alert';
import { Modal } from './modal';

/*
 * The camera scanner of the top bar's search box and the count screen (issue 14). The camera is asked for
 * only when this dialog opens (the user pressed a camera button), and every track is stopped when it closes.
 * The browser's own BarcodeDetector reads the codes where it exists (Chromium on Android and macOS); elsewhere
 * the @zxing/browser reader does, loaded only then.
 */

/** What the browser's BarcodeDetector is asked to read: the labels' QR codes and the common 1D barcodes. */
export const SCAN_FORMATS = ['qr_code', 'code_128', 'code_39', 'ean_13', 'ean_8', 'upc_a', 'data_matrix'];

/** How often the BarcodeDetector looks at the video. */
const DETECT_EVERY_MS = 250;
/** The same code seen again within this time is one scan (the camera sees a label many times a second). */
const REPEAT_AFTER_MS = 2500;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

export const CAMERA_DENIED =
  'The camera could not be used: access was refused or there is no camera. You can still type the serial.';

const Video = styled.video`
  display: block;
  width: 100%;
  max-height: 50vh;
  margin-bottom: ${({ theme }) => theme.space(3)};
  background: #000;
  border-radius: ${({ theme }) => theme.radius};
`;

const Status = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.muted};
`;

export interface ScannerDialogProps {
  open: boolean;
  onClose(): void;
  /** Each code read, trimmed; the owner looks it up and may answer through `message`. */
  onScan(text: string): void;
  /** The owner's answer to the last scan, e.g. an unknown serial; shown under the video. */
  message?: ReactNode;
  title?: string;
}

type CameraState = 'starting' | 'scanning' | 'failed';

/** Stops every track of the stream: the camera light goes off. */
function stopStream(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

export function ScannerDialog({
  open,
  onClose,
  onScan,
  message,
  title = 'Scan QR code',
}: ScannerDialogProps) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [state, setState] = useState<CameraState>('starting');
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;

  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let zxingControls: { stop(): void } | null = null;
    let last = { text: '', at: 0 };
    const video = videoRef.current;
    setState('starting');

    const found = (raw: string) => {
      const text = raw.trim();
      const now = Date.now();
      if (!text || stopped || (text === last.text && now - last.at < REPEAT_AFTER_MS)) return;
      last = { text, at: now };
      onScanRef.current(text);
    };

    const start = async () => {
      const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
      if (!media?.getUserMedia) throw new Error('no camera');
      stream = await media.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      if (stopped) {
        stopStream(stream);
        return;
      }
      if (!video) return;
      const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
      if (Detector) {
        video.srcObject = stream;
        // jsdom has no media playback; a real browser starts the preview here.
        await Promise.resolve(video.play?.()).catch(() => undefined);
        const detector = new Detector({ formats: SCAN_FORMATS });
        let busy = false;
        timer = setInterval(() => {
          if (busy || stopped) return;
          busy = true;
          detector
            .detect(video)
            .then((codes) => codes.forEach((code) => found(code.rawValue)))
            .catch(() => undefined)
            .finally(() => {
              busy = false;
            });
        }, DETECT_EVERY_MS);
      } else {
        const { BrowserMultiFormatReader } = await import('@zxing/browser');
        if (stopped) return;
        const reader = new BrowserMultiFormatReader();
        zxingControls = await reader.decodeFromStream(stream, video, (result) => {
          if (result) found(result.getText());
        });
        if (stopped) zxingControls.stop();
      }
      if (!stopped) setState('scanning');
    };

    start().catch(() => {
      stopStream(stream);
      if (!stopped) setState('failed');
    });

    return () => {
      stopped = true;
      if (timer !== undefined) clearInterval(timer);
      zxingControls?.stop();
      stopStream(stream);
      if (video) video.srcObject = null;
    };
  }, [open]);

  return (
    <Modal open={open} title={title} onClose={onClose}>
      {state === 'failed' ? (
        <Alert>{CAMERA_DENIED}</Alert>
      ) : (
        <>
          <Video ref={videoRef} muted playsInline aria-label="Camera preview" />
          <Status aria-live="polite">
            {state === 'starting' ? 'Starting the camera…' : 'Point the camera at a label’s QR code.'}
          </Status>
        </>
      )}
      {message ? <div aria-live="polite">{message}</div> : null}
    </Modal>
  );
}

export default ScannerDialog;
