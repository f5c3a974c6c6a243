import { History, Pencil, Trash2 } from 'lucide-react';
import { IconButton } from '../../../components/icon-button.tsx';

/**
 * The Edit, History (when given) and Delete icon buttons at the end of an admin table row, named
 * for screen readers.
 */
export function RowActions({
  editLabel,
  deleteLabel,
  historyLabel,
  onEdit,
  onDelete,
  onHistory,
}: {
  editLabel: string;
  deleteLabel: string;
  historyLabel?: string;
  onEdit: () => void;
  onDelete: () => void;
  onHistory?: () => void;
}) {
  return (
    <div className="flex justify-end gap-1">
      <IconButton icon={Pencil} label={editLabel} onClick={onEdit} />
      {onHistory && (
        <IconButton icon={History} label={historyLabel ?? 'History'} onClick={onHistory} />
      )}
      <IconButton icon={Trash2} label={deleteLabel} onClick={onDelete} />
    </div>
  );
}
