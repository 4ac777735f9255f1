export { Button, type ButtonProps } from './Button.tsx';
export { ErrorPanel, type ErrorPanelProps } from './ErrorPanel.tsx';
export { LoadingScreen } from './LoadingScreen.tsx';
export { UnavailablePage, type UnavailablePageProps } from './UnavailablePage.tsx';
export { createSpaLifecycles, type SpaOptions } from './spa.tsx';
export { Link, type LinkProps } from './Link.tsx';
export { useLocationKey, useLocationPath } from './location.ts';
export { Modal, type ModalProps } from './Modal.tsx';
export { downloadBlob, downloadCsv } from './download.ts';
