import Foundation
import WrapModel

final class OutputProfile: WrapModel, @unchecked Sendable {
    @MutStrProperty("name") var name
    @MutOptStrProperty("nickname") var nickname
    @StrProperty("token", serializeForOutput: false) var token
}

final class OutputItem: WrapModel, @unchecked Sendable {
    @MutIntProperty("qty") var quantity
}

final class OutputOrder: WrapModel, @unchecked Sendable {
    @MutStrProperty("status") var status
    @ModelProperty("customer") var customer: OutputProfile?
    @ModelArrayProperty("items") var items: [OutputItem]
    @MutIntProperty("totals.net") var net
}

/// A payload with much more than `OutputOrder` declares, at every level.
let unmodeledOrderJSON = """
{"status":"placed","extra":{"a":[1,2.5,true,null,"x"],"b":{}},"customer":{"name":"Ada","token":"t","vip":true,\
"address":{"city":"London"}},"items":[{"qty":1,"sku":"A"},{"qty":2,"sku":"B","tags":["x"]}],\
"totals":{"net":10,"tax":2,"currency":"EUR"},"n":-0.5,"big":9007199254740993}
"""
