import Testing
import WebShell

@Suite("Routes declared once")
struct RouteTests {
    @Test("the router's pattern and the link come from one declaration")
    func patternAndLink() {
        let delete = Route("/cars", "{id}/delete")
        #expect(delete.base == "/cars")
        #expect(delete.routerPath.description == "/{id}/delete")
        #expect(delete.description == "/cars/{id}/delete")
        #expect(delete.link(5) == "/cars/5/delete")
        let list = Route("/cars")
        #expect(list.path == "/cars")
        #expect(list.routerPath.description == "/")
        #expect(Route("/stories", "items/{id}/images/{number}").link("lighthouse", 2) == "/stories/items/lighthouse/images/2")
    }

    @Test("a query leaves out what is nil and encodes what would end or split it")
    func query() {
        let list = Route("/cars")
        #expect(list.link(query: ["body": nil, "limit": nil]) == "/cars")
        #expect(list.link(query: ["body": "suv", "limit": "100"]) == "/cars?body=suv&limit=100")
        #expect(list.link(query: ["q": "a&b=c+d #e"]) == "/cars?q=a%26b%3Dc%2Bd%20%23e")
    }

    @Test("a parameter cannot add a path segment or a query")
    func parameterEncoding() {
        let item = Route("/stories", "items/{id}")
        #expect(item.link("../x?y") == "/stories/items/..%2Fx%3Fy")
        #expect(item.link("Ząb") == "/stories/items/Z%C4%85b")
    }

    @Test("a long list writes the same link without making a string per row")
    func writtenIntoAPage() {
        var writer = HTMLWriter()
        Route("/habits", "{id}/track").write(42, into: &writer)
        #expect(writer.string == "/habits/42/track")
    }
}
