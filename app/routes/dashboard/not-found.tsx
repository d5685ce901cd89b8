import { data, Link } from "react-router";

export function loader() {
  return data(null, { status: 404 });
}

export default function DashboardNotFound() {
  return (
    <section className="grid min-h-[60vh] place-items-center text-center">
      <div>
        <h1 className="text-3xl font-bold text-navy-900">Page Not Found!</h1>
        <p className="mt-3 text-slate-600">Oops! The page you are looking for does not exist</p>
        <Link to="/dashboard/home" className="btn-primary mt-6">
          BACK TO HOME
        </Link>
      </div>
    </section>
  );
}
