/** What became of a change on the staff page: "Saved." as a status, or what went wrong as an alert (both read aloud). */
export default function SaveOutcome({ status, failed }: { status: string; failed: string }) {
  return (
    <>
      <p role="status" className="muted">
        {status}
      </p>
      {failed && (
        <p className="notice notice-error" role="alert">
          {failed}
        </p>
      )}
    </>
  );
}
