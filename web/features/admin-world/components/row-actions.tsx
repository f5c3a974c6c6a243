import { Pencil, Trash2 } from 'lucide-react';
import { IconButton } from '../../../components/icon-button.tsx';

/** The Edit and Delete icon buttons at the end of an admin table row, named for screen readers. */
export function RowActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="flex justify-end gap-1">
      <IconButton icon={Pencil} label={editLabel} onClick={onEdit} />
      <IconButton icon={Trash2} label={deleteLabel} onClick={onDelete} />
    </div>
  );
}
