/** Building blocks shared by the admin screens. */
export { AdminPage, Loaded } from './AdminPage.tsx';
export { AddButton } from './AddButton.tsx';
export { ArchiveButton } from './ArchiveButton.tsx';
export { ConfirmDialog } from './ConfirmDialog.tsx';
export { EditableTitle } from './EditableTitle.tsx';
export { MissingRow } from './MissingRow.tsx';
export { RankInput } from './RankInput.tsx';
export { StatusFilter, byStatus, type StatusFilterValue } from './StatusFilter.tsx';
export { resources, errorText, type Row } from './adminApi.ts';
export { moveRow, parseRank } from './rank.ts';
export { useLoad, type Load } from './useLoad.ts';
export { useActiveOrg } from './useOrgId.ts';
export { default as adminStyles } from './admin.module.css';
export { DuplicateButton } from './DuplicateButton.tsx';
