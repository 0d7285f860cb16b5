/// The wire contract as an OpenAPI 3.1 document (`openapi.json` beside this file, compiled
/// in), served at `GET /openapi.json`. A test checks that it names exactly the routes the
/// router has.
public enum KiwiOpenAPI {
    public static let document = String(decoding: PackageResources.openapi_json, as: UTF8.self)
}
