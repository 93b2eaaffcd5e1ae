import { Icon, type IconName } from './icons.tsx';

/** A card of a feature grid: an icon, a title and a short text. */
export function IconCard({
  icon,
  title,
  text,
  compact = false,
}: {
  icon: IconName;
  title: string;
  text: string;
  compact?: boolean;
}) {
  return (
    <li className={compact ? 'card card--compact' : 'card card--feature'}>
      <span className={compact ? 'card__icon card__icon--small' : 'card__icon'}>
        <Icon name={icon} size={compact ? 22 : 26} />
      </span>
      <h3>{title}</h3>
      <p>{text}</p>
    </li>
  );
}
