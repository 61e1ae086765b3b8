import WrapModel
