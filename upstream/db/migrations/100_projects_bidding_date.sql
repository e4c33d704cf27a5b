-- Issue 45: the project list sorts by bid date and filters the bids due in the next 7, 30 or 90 days. Bid dates
-- are set on about a fifth of the projects; the index serves both the sort (projects without one last) and the
-- date-range filter.
CREATE INDEX projects_bidding_date ON projects (bidding_date);
ANALYZE projects;
