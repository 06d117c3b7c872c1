import WebShell

/// Every route of the backup screens (issue 36), declared once.
public enum BackupPath {
    /// The file (GET): everything this device keeps.
    public static let export = Route("/backup")
    /// "Export everything" and "Restore from a backup" on a page of their own (the Devices screen
    /// shows them too).
    public static let settings = Route("/backup", "settings")
    /// The chosen file (POST, multipart): its preview.
    public static let restore = Route("/backup", "restore")
    /// The preview's confirmation (POST, multipart): the restore.
    public static let confirm = Route("/backup", "restore/confirm")
}
