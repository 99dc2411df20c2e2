/** A screen's title row: its h1 and the links or buttons beside it (`as`: the wrapper element). */
export function PageHeader({
  title,
  as: Tag = "div",
  children,
}: {
  title: React.ReactNode;
  as?: "div" | "header";
  children?: React.ReactNode;
}) {
  return (
    <Tag className="page-header">
      <h1>{title}</h1>
      {children}
    </Tag>
  );
}
