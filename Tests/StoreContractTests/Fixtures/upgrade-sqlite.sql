-- A database made by AppDeck a80f79f (before issue 35's per-app migrations), two devices with data in every app,
-- dumped as text (sqlite). UpgradeFixtureTests loads it and upgrades it with today's code. Never edit it.
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
INSERT INTO grdb_migrations VALUES('v1-devices');
INSERT INTO grdb_migrations VALUES('v2-cars');
INSERT INTO grdb_migrations VALUES('v3-habits');
INSERT INTO grdb_migrations VALUES('v4-car-body-index');
INSERT INTO grdb_migrations VALUES('v5-photo-feed');
INSERT INTO grdb_migrations VALUES('v6-car-body-counts');
INSERT INTO grdb_migrations VALUES('v7-habit-last-tracked-day');
INSERT INTO grdb_migrations VALUES('v8-device-secrets');
INSERT INTO grdb_migrations VALUES('v9-stories-settings');
INSERT INTO grdb_migrations VALUES('v10-photo-list');
CREATE TABLE IF NOT EXISTS "device" ("id" TEXT PRIMARY KEY NOT NULL, "createdAt" DATETIME NOT NULL, "language" TEXT, "timeZone" TEXT);
INSERT INTO device VALUES('0123456789abcdef0123456789abcdef','2026-11-27 08:24:29.937','ru','Europe/Moscow');
INSERT INTO device VALUES('fedcba9876543210fedcba9876543210','2026-11-27 08:24:29.950','pl','Europe/Warsaw');
CREATE TABLE IF NOT EXISTS "car" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "deviceID" TEXT NOT NULL REFERENCES "device"("id") ON DELETE CASCADE, "manufacturer" TEXT NOT NULL, "model" TEXT NOT NULL, "body" TEXT NOT NULL, "yearOfIssue" INTEGER, "carNumber" TEXT);
INSERT INTO car VALUES(1,'0123456789abcdef0123456789abcdef','Лада','Нива «4×4»','suv',1977,'А123ВС77');
INSERT INTO car VALUES(2,'0123456789abcdef0123456789abcdef','Fiat','126p & <co> "ł"','hatchback',NULL,NULL);
INSERT INTO car VALUES(4,'0123456789abcdef0123456789abcdef','Toyota','Camry','sedan',2020,'WX 12345');
INSERT INTO car VALUES(5,'fedcba9876543210fedcba9876543210','Лада','Нива «4×4»','suv',1977,'А123ВС77');
INSERT INTO car VALUES(6,'fedcba9876543210fedcba9876543210','Fiat','126p & <co> "ł"','hatchback',NULL,NULL);
INSERT INTO car VALUES(8,'fedcba9876543210fedcba9876543210','Toyota','Camry','sedan',2020,'WX 12345');
CREATE TABLE IF NOT EXISTS "habit" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "deviceID" TEXT NOT NULL REFERENCES "device"("id") ON DELETE CASCADE, "name" TEXT NOT NULL, "hour" INTEGER NOT NULL, "minute" INTEGER NOT NULL, "color" TEXT NOT NULL, "createdAt" DATETIME NOT NULL, "trackCount" INTEGER NOT NULL DEFAULT 0, lastTrackedDay TEXT);
INSERT INTO habit VALUES(1,'0123456789abcdef0123456789abcdef','Читать',21,30,'#ff9f0aff','2025-11-24 16:00:00.000',3,'2026-11-23');
INSERT INTO habit VALUES(2,'0123456789abcdef0123456789abcdef','Bieg, 5 km',6,5,'#34c759ff','2025-11-24 16:00:00.000',1,'2026-11-22');
INSERT INTO habit VALUES(3,'fedcba9876543210fedcba9876543210','Читать',21,30,'#ff9f0aff','2025-11-24 16:00:00.000',3,'2026-11-23');
INSERT INTO habit VALUES(4,'fedcba9876543210fedcba9876543210','Bieg, 5 km',6,5,'#34c759ff','2025-11-24 16:00:00.000',1,'2026-11-22');
CREATE TABLE IF NOT EXISTS "habitTrack" ("habitID" INTEGER NOT NULL REFERENCES "habit"("id") ON DELETE CASCADE, "day" TEXT NOT NULL, "trackedAt" DATETIME NOT NULL, PRIMARY KEY ("habitID", "day")) WITHOUT ROWID;
INSERT INTO habitTrack VALUES(1,'2026-11-20','2025-11-24 16:00:00.000');
INSERT INTO habitTrack VALUES(1,'2026-11-21','2025-11-24 16:00:00.000');
INSERT INTO habitTrack VALUES(1,'2026-11-23','2025-11-24 16:00:00.000');
INSERT INTO habitTrack VALUES(2,'2026-11-22','2025-11-24 16:00:00.000');
INSERT INTO habitTrack VALUES(3,'2026-11-20','2025-11-24 16:00:00.000');
INSERT INTO habitTrack VALUES(3,'2026-11-21','2025-11-24 16:00:00.000');
INSERT INTO habitTrack VALUES(3,'2026-11-23','2025-11-24 16:00:00.000');
INSERT INTO habitTrack VALUES(4,'2026-11-22','2025-11-24 16:00:00.000');
CREATE TABLE IF NOT EXISTS "photoFeed" ("deviceID" TEXT PRIMARY KEY NOT NULL REFERENCES "device"("id") ON DELETE CASCADE, "cursor" INTEGER NOT NULL CHECK ("cursor" >= 0));
INSERT INTO photoFeed VALUES('0123456789abcdef0123456789abcdef',3);
INSERT INTO photoFeed VALUES('fedcba9876543210fedcba9876543210',3);
CREATE TABLE IF NOT EXISTS "photoFeedItem" ("deviceID" TEXT NOT NULL REFERENCES "photoFeed"("deviceID") ON DELETE CASCADE, "position" INTEGER NOT NULL CHECK ("position" >= 0), "photoID" INTEGER NOT NULL, PRIMARY KEY ("deviceID", "position")) WITHOUT ROWID;
INSERT INTO photoFeedItem VALUES('0123456789abcdef0123456789abcdef',0,3);
INSERT INTO photoFeedItem VALUES('0123456789abcdef0123456789abcdef',1,4);
INSERT INTO photoFeedItem VALUES('0123456789abcdef0123456789abcdef',2,5);
INSERT INTO photoFeedItem VALUES('fedcba9876543210fedcba9876543210',0,3);
INSERT INTO photoFeedItem VALUES('fedcba9876543210fedcba9876543210',1,4);
INSERT INTO photoFeedItem VALUES('fedcba9876543210fedcba9876543210',2,5);
CREATE TABLE carBodyCount (
    deviceID TEXT NOT NULL REFERENCES device(id) ON DELETE CASCADE,
    body TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (deviceID, body)
) WITHOUT ROWID;
INSERT INTO carBodyCount VALUES('0123456789abcdef0123456789abcdef','hatchback',1);
INSERT INTO carBodyCount VALUES('0123456789abcdef0123456789abcdef','sedan',1);
INSERT INTO carBodyCount VALUES('0123456789abcdef0123456789abcdef','suv',1);
INSERT INTO carBodyCount VALUES('fedcba9876543210fedcba9876543210','hatchback',1);
INSERT INTO carBodyCount VALUES('fedcba9876543210fedcba9876543210','sedan',1);
INSERT INTO carBodyCount VALUES('fedcba9876543210fedcba9876543210','suv',1);
CREATE TABLE IF NOT EXISTS "deviceSecret" ("deviceID" TEXT NOT NULL REFERENCES "device"("id") ON DELETE CASCADE, "name" TEXT NOT NULL, "sealed" BLOB NOT NULL, PRIMARY KEY ("deviceID", "name")) WITHOUT ROWID;
INSERT INTO deviceSecret VALUES('0123456789abcdef0123456789abcdef','github.token',X'9272a9eda3f8f90a880c07ec6fb85945cbd1dec6ffc64512e5090b310c326b5ff2fedf1e09f6225905e4');
INSERT INTO deviceSecret VALUES('fedcba9876543210fedcba9876543210','github.token',X'dce99cedc3560691e5b838d4ef082fc4b81b33fe33b7495d40e0885eba744054e5822418f9b52424d988');
CREATE TABLE IF NOT EXISTS "storiesSettings" ("deviceID" TEXT PRIMARY KEY NOT NULL REFERENCES "device"("id") ON DELETE CASCADE, "settings" TEXT NOT NULL);
INSERT INTO storiesSettings VALUES('0123456789abcdef0123456789abcdef','v1;draw=0;color=#f3af22');
INSERT INTO storiesSettings VALUES('fedcba9876543210fedcba9876543210','v1;draw=0;color=#f3af22');
CREATE TABLE photoList (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    photos TEXT NOT NULL,
    savedAt DATETIME NOT NULL
);
INSERT INTO photoList VALUES(1,'[{"albumId":1,"url":"https:\/\/via.placeholder.com\/600\/92c952","thumbnailUrl":"https:\/\/via.placeholder.com\/150\/92c952","id":1,"title":"accusamus beatae"},{"albumId":1,"url":"https:\/\/via.placeholder.com\/600\/771796","thumbnailUrl":"https:\/\/via.placeholder.com\/150\/771796","id":2,"title":"reprehenderit est"}]','2026-11-27 08:24:29.958');
DELETE FROM sqlite_sequence;
INSERT INTO sqlite_sequence VALUES('car',8);
INSERT INTO sqlite_sequence VALUES('habit',4);
CREATE INDEX "car_on_deviceID" ON "car"("deviceID");
CREATE INDEX "habit_on_deviceID" ON "habit"("deviceID");
CREATE TRIGGER habitTrack_counted AFTER INSERT ON habitTrack BEGIN
    UPDATE habit SET trackCount = trackCount + 1 WHERE id = NEW.habitID;
END;
CREATE TRIGGER habitTrack_uncounted AFTER DELETE ON habitTrack BEGIN
    UPDATE habit SET trackCount = trackCount - 1 WHERE id = OLD.habitID;
END;
CREATE INDEX "car_deviceID_body" ON "car"("deviceID", "body");
CREATE TRIGGER car_counted AFTER INSERT ON car BEGIN
    INSERT INTO carBodyCount (deviceID, body, count) VALUES (NEW.deviceID, NEW.body, 1)
        ON CONFLICT (deviceID, body) DO UPDATE SET count = count + 1;
END;
CREATE TRIGGER car_uncounted AFTER DELETE ON car BEGIN
    UPDATE carBodyCount SET count = count - 1 WHERE deviceID = OLD.deviceID AND body = OLD.body;
    DELETE FROM carBodyCount WHERE deviceID = OLD.deviceID AND body = OLD.body AND count <= 0;
END;
CREATE TRIGGER car_recounted AFTER UPDATE OF deviceID, body ON car BEGIN
    UPDATE carBodyCount SET count = count - 1 WHERE deviceID = OLD.deviceID AND body = OLD.body;
    DELETE FROM carBodyCount WHERE deviceID = OLD.deviceID AND body = OLD.body AND count <= 0;
    INSERT INTO carBodyCount (deviceID, body, count) VALUES (NEW.deviceID, NEW.body, 1)
        ON CONFLICT (deviceID, body) DO UPDATE SET count = count + 1;
END;
CREATE TRIGGER habitTrack_lastDay_added AFTER INSERT ON habitTrack BEGIN
    UPDATE habit SET lastTrackedDay = NEW.day
        WHERE id = NEW.habitID AND (lastTrackedDay IS NULL OR lastTrackedDay < NEW.day);
END;
CREATE TRIGGER habitTrack_lastDay_removed AFTER DELETE ON habitTrack BEGIN
    UPDATE habit SET lastTrackedDay = (SELECT MAX(day) FROM habitTrack t WHERE t.habitID = OLD.habitID)
        WHERE id = OLD.habitID AND lastTrackedDay = OLD.day;
END;
COMMIT;
