ALTER TABLE "blog_revisions" DROP CONSTRAINT "blog_revisions_post_id_blog_posts_id_fk";
