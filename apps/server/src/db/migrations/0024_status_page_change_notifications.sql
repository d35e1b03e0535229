-- Status pages' rows announce their changes too (db/change-feed.ts), kind 'status_page' by page id:
-- the public read keeps a page's look-up and version in memory (status-page-gate-cache.ts).
CREATE TRIGGER status_pages_announce_update AFTER UPDATE ON status_pages REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION paydar_announce_change('status_page', 'id');
--> statement-breakpoint
CREATE TRIGGER status_pages_announce_delete AFTER DELETE ON status_pages REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION paydar_announce_change('status_page', 'id');
--> statement-breakpoint
CREATE TRIGGER status_page_monitors_announce_insert AFTER INSERT ON status_page_monitors REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION paydar_announce_change('status_page', 'page_id');
--> statement-breakpoint
CREATE TRIGGER status_page_monitors_announce_delete AFTER DELETE ON status_page_monitors REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION paydar_announce_change('status_page', 'page_id');
